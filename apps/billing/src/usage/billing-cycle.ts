/** The anniversary day in the month `monthOffset` months from `today`, clamped to the month's end. */
function anniversaryIn(anniversaryDate: string, today: Date, monthOffset: number): Date {
  const day = Number(anniversaryDate.slice(8, 10));
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + monthOffset;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay)));
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the billing cycle `today` falls in (YYYY-MM-DD). */
export function cycleStartOf(anniversaryDate: string, today = new Date()): string {
  const thisMonth = anniversaryIn(anniversaryDate, today, 0);
  return isoDate(thisMonth <= today ? thisMonth : anniversaryIn(anniversaryDate, today, -1));
}

/** The date of the next billing-cycle reset, after today (YYYY-MM-DD). */
export function nextResetDate(anniversaryDate: string, today = new Date()): string {
  const thisMonth = anniversaryIn(anniversaryDate, today, 0);
  return isoDate(thisMonth > today ? thisMonth : anniversaryIn(anniversaryDate, today, 1));
}

/** The first days of the billing cycles holding `from` to `to`, oldest first (YYYY-MM-DD). */
export function cycleStartsBetween(anniversaryDate: string, from: Date, to: Date): string[] {
  const last = cycleStartOf(anniversaryDate, to);
  const starts: string[] = [];
  for (
    let start = cycleStartOf(anniversaryDate, from);
    start <= last;
    start = nextResetDate(anniversaryDate, new Date(`${start}T00:00:00Z`))
  ) {
    starts.push(start);
  }
  return starts;
}
