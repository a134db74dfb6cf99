import { SendDto } from './send.dto';

const DEPRECATED: [keyof SendDto, string][] = [
  ['notificationId', 'notificationId is deprecated; use type'],
  ['user', 'user is deprecated; use to'],
  ['replace', 'replace is deprecated; use parameters'],
  ['mergeTags', 'mergeTags is deprecated; use parameters'],
];

/** The notes a send's answer carries for each deprecated field it used. */
export function deprecationNotes(body: SendDto): string[] {
  return DEPRECATED.filter(([field]) => body[field] !== undefined).map(([, note]) => note);
}
