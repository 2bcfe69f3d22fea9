import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';

/**
 * A period filter of whole days, either end open: `from` and `to` as the list schemas take
 * them (YYYY-MM-DD, both inclusive). Its own file, so lists without a period do not load the date picker.
 */
export function DateRangeFilter(props: {
  label: string;
  placeholder: [string, string];
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label={props.label}
      className="list-filters__search"
      placeholder={props.placeholder}
      allowEmpty={[true, true]}
      value={[props.from ? dayjs(props.from) : null, props.to ? dayjs(props.to) : null]}
      onChange={(range) =>
        props.onChange({ from: range?.[0]?.format(DAY) ?? undefined, to: range?.[1]?.format(DAY) ?? undefined })
      }
    />
  );
}
