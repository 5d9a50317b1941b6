/** npm run db:migrate: applies the migrations in drizzle/ (the service also applies them on start). */
import { closeDb, connection } from "../server/db/client";

connection()
  .then(async ({ kind }) => {
    await closeDb();
    console.log(`Migrations applied (${kind}).`);
  })
  .catch((error: Error) => {
    console.error(`db:migrate: ${error.message}`);
    process.exit(1);
  });
