/** The eight services of Clarion, in the order they are started and reported. */
export const SERVICE_NAMES = [
  'gateway',
  'billing',
  'notifications',
  'delivery-workers',
  'logs',
  'numbers',
  'voice',
  'registrations',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];
