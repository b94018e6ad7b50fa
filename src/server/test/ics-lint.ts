/**
 * A small, strict iCalendar (RFC 5545) checker, written independently of ical-generator and ical.js,
 * so a calendar file is read by a second, stricter reader than the one the tests parse it with.
 * It answers the problems it finds (none: an empty list); it checks the byte-level rules calendar
 * apps trip over, not the whole grammar.
 */

/** Properties whose value is TEXT (RFC 5545 3.3.11): commas, semicolons and backslashes must be escaped. */
const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'NAME', 'X-WR-CALNAME', 'X-WR-CALDESC', 'COMMENT']);
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

export function icsProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('the file does not end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) problems.push('a line break other than CRLF');
  const physical = text.split('\r\n');
  if (physical[physical.length - 1] === '') physical.pop();
  physical.forEach((line, i) => {
    if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`line ${i + 1} is longer than 75 octets`);
  });
  // Unfold: a line starting with a space or a tab continues the one before.
  const lines: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const stack: string[] = [];
  const seen = new Map<string, Set<string>>();
  lines.forEach((line, i) => {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/s.exec(line);
    if (!match) {
      problems.push(`line ${i + 1} is not NAME[;PARAM=VALUE]:VALUE: ${JSON.stringify(line.slice(0, 40))}`);
      return;
    }
    const name = match[1]!.toUpperCase();
    const value = match[3]!;
    if (CONTROL.test(value)) problems.push(`${name} holds a control character`);
    if (TEXT_PROPERTIES.has(name)) {
      // Every backslash starts one of \\ \; \, \n \N; no bare comma or semicolon.
      const bare = value.replace(/\\[\\;,nN]/g, '');
      if (/[\\;,]/.test(bare)) problems.push(`${name} has an unescaped comma, semicolon or backslash: ${JSON.stringify(value.slice(0, 60))}`);
    }
    if (name === 'BEGIN') {
      stack.push(value);
      seen.set(`${stack.length}`, new Set());
    } else if (name === 'END') {
      const open = stack.pop();
      if (open !== value) problems.push(`END:${value} closes ${open ?? 'nothing'}`);
      const props = seen.get(`${stack.length + 1}`) ?? new Set();
      const required = value === 'VCALENDAR' ? ['VERSION', 'PRODID'] : value === 'VEVENT' ? ['UID', 'DTSTAMP', 'DTSTART'] : [];
      for (const r of required) if (!props.has(r)) problems.push(`${value} without ${r}`);
    } else {
      seen.get(`${stack.length}`)?.add(name);
      if (stack.length === 0) problems.push(`${name} outside any component`);
    }
  });
  if (stack.length > 0) problems.push(`${stack.join(', ')} not closed`);
  if (lines[0] !== 'BEGIN:VCALENDAR') problems.push('the file does not start with BEGIN:VCALENDAR');
  return problems;
}
