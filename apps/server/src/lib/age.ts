/** Whole years between `birthdate` (YYYY-MM-DD) and `now`, in UTC. */
export function ageOn(birthdate: string | null, now: Date): number | null {
  if (!birthdate) return null;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}
