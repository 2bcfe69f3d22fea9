type Formatters = {
  NumberFormat: Intl.NumberFormat;
  DateTimeFormat: Intl.DateTimeFormat;
  RelativeTimeFormat: Intl.RelativeTimeFormat;
};
type Options = {
  NumberFormat: Intl.NumberFormatOptions;
  DateTimeFormat: Intl.DateTimeFormatOptions;
  RelativeTimeFormat: Intl.RelativeTimeFormatOptions;
};

const BUILD: { [K in keyof Formatters]: (tag: string, options: Options[K]) => Formatters[K] } = {
  NumberFormat: (tag, options) => new Intl.NumberFormat(tag, options),
  DateTimeFormat: (tag, options) => new Intl.DateTimeFormat(tag, options),
  RelativeTimeFormat: (tag, options) => new Intl.RelativeTimeFormat(tag, options),
};

const made = new Map<string, Formatters[keyof Formatters]>();

/**
 * An Intl formatter for a locale and options, built once: building one costs far more than
 * formatting with it, and a table formats a value in every row (a list of users spent 14 ms
 * of its first render building the same relative-time formatter).
 */
export function intlFormat<K extends keyof Formatters>(kind: K, tag: string, options: Options[K]): Formatters[K] {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = BUILD[kind](tag, options);
    made.set(key, formatter);
  }
  return formatter as Formatters[K];
}
