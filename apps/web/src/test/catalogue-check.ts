import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** What a message takes: each argument's kind (`name:kind`), and its rich-text tags (`<tag>`). */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        found.add(`${element.value}:text`);
        break;
      case TYPE.number:
        found.add(`${element.value}:number`);
        break;
      case TYPE.date:
        found.add(`${element.value}:date`);
        break;
      case TYPE.time:
        found.add(`${element.value}:time`);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        found.add(`<${element.value}>`);
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

const sorted = (values: Iterable<string>) => [...values].sort();

/**
 * Every way two catalogues disagree, one line each (empty when they agree): a key one has and the
 * other lacks, an empty message, a message that is not valid ICU, or a message whose arguments or
 * tags differ from English's.
 */
export function catalogueProblems(
  english: Record<string, unknown>,
  other: Record<string, unknown>,
  otherName: string,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english))
    if (!(key in other)) problems.push(`${otherName} lacks "${key}"`);
  for (const key of Object.keys(other))
    if (!(key in english)) problems.push(`en lacks "${key}" (found in ${otherName})`);
  const parsed = (name: string, key: string, message: unknown) => {
    if (typeof message !== 'string' || !message.trim()) {
      problems.push(`${name} "${key}" is empty or not text`);
      return undefined;
    }
    try {
      return sorted(argumentsOf(parse(message)));
    } catch (error) {
      problems.push(`${name} "${key}" is not a valid ICU message: ${(error as Error).message}`);
      return undefined;
    }
  };
  for (const [key, message] of Object.entries(english)) {
    const ours = parsed('en', key, message);
    if (!(key in other)) continue;
    const theirs = parsed(otherName, key, other[key]);
    if (ours && theirs && ours.join(' ') !== theirs.join(' '))
      problems.push(
        `${otherName} "${key}" takes ${theirs.join(', ') || 'nothing'}; en takes ${ours.join(', ') || 'nothing'}`,
      );
  }
  return problems;
}
