import { todayInZurich } from "../../dates";
import type { FieldError } from "../../errors";

/** The next bank business day (Monday to Friday) after today in Europe/Zurich. */
export function nextBankBusinessDay(now = new Date()) {
  const date = new Date(`${todayInZurich(now)}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

/**
 * The payout's execution date: the one asked for, else the next bank business day; one in the past
 * (before today in Europe/Zurich, at the request's arrival) is an error of the request.
 */
export function executionDateOf(asked: string | undefined, receivedAt: Date, errors: FieldError[]) {
  const today = todayInZurich(receivedAt);
  const executionDate = asked ?? nextBankBusinessDay(receivedAt);
  if (executionDate < today)
    errors.push({
      path: "executionDate",
      message: `The execution date may not lie in the past (today is ${today} in Europe/Zurich).`,
    });
  return { today, executionDate };
}
