import "server-only";
// The webhook job kinds register their handlers on import (server/job-worker.ts imports this).
import "./deliver";
import "./dispatch";
import "./replay-events";
