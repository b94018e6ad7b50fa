import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { config, type core } from 'zod';
import { known, type MessageValues } from '../../../shared/i18n/validation';

/*
 * zod's own messages, for a rule whose schema gives none ("Too small: expected string to have >=3
 * characters", "Invalid input"), in the rider's language (issue 31 point 7): zod's global
 * `customError` answers each issue with one of these descriptors and the issue's numbers, remembered
 * (shared/i18n/validation.ts); fieldErrorText shows it from the active catalog, so a
 * language switch rewrites a shown error too. A schema's own message still wins (zod asks the
 * global error last but for its locale). Set where the web's forms get zod: the form resolver
 * (zod-resolver.ts) and the forms that parse by hand import this module; zod and this module stay
 * out of the first load.
 */

const REQUIRED = msg`This field is required`;
const NOT_A_NUMBER = msg`Enter a number`;
const INVALID = msg`Please check this field`;
const TEXT_TOO_SHORT = msg`{minimum, plural, one {Enter at least # character} other {Enter at least # characters}}`;
const TEXT_TOO_LONG = msg`{maximum, plural, one {Enter at most # character} other {Enter at most # characters}}`;
const TOO_FEW = msg`{minimum, plural, one {Choose at least # item} other {Choose at least # items}}`;
const TOO_MANY = msg`{maximum, plural, one {Choose at most # item} other {Choose at most # items}}`;
const AT_LEAST = msg`Enter {minimum} or more`;
const MORE_THAN = msg`Enter more than {minimum}`;
const AT_MOST = msg`Enter {maximum} or less`;
const LESS_THAN = msg`Enter less than {maximum}`;
const WHOLE_NUMBER = msg`Enter a whole number`;
const EMAIL = msg`Invalid email address`;
const WEB_ADDRESS = msg`Enter a web address (https://…)`;
const CHOOSE_OPTION = msg`Choose one of the options`;

/** An issue's text: its message's id and values, remembered so that fieldErrorText finds the message (shared/i18n/validation.ts). */
function say(descriptor: MessageDescriptor, values?: MessageValues): string {
  const text = values ? `${descriptor.id} ${JSON.stringify(values)}` : descriptor.id;
  known.set(text, values ? { descriptor, values } : { descriptor });
  return text;
}

/** The rider's words for one of zod's issues (see above). */
export function zodIssueText(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return say(REQUIRED);
      return say(issue.expected === 'number' || issue.expected === 'int' ? NOT_A_NUMBER : INVALID);
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? say(REQUIRED) : say(TEXT_TOO_SHORT, { minimum });
      if (issue.origin === 'array' || issue.origin === 'set') return say(TOO_FEW, { minimum });
      return say(issue.inclusive === false ? MORE_THAN : AT_LEAST, { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return say(TEXT_TOO_LONG, { maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return say(TOO_MANY, { maximum });
      return say(issue.inclusive === false ? LESS_THAN : AT_MOST, { maximum });
    }
    case 'invalid_format':
      if (issue.format === 'email') return say(EMAIL);
      if (issue.format === 'url') return say(WEB_ADDRESS);
      return say(INVALID);
    case 'not_multiple_of':
      return say(issue.divisor === 1 ? WHOLE_NUMBER : INVALID);
    case 'invalid_value':
      return say(CHOOSE_OPTION);
    default:
      return say(INVALID);
  }
}

config({ customError: zodIssueText });
