import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeEntry } from './parse-codes';

type Props = { entries: CodeEntry[]; taken: ReadonlySet<string> };

/** Every typed code as a chip: red when malformed, orange when repeated or already in use. */
export function CodePreview({ entries, taken }: Props) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <ul className="code-preview" aria-label={t('tags.programmer.preview')}>
      {entries.map((entry, index) => {
        const problem = !entry.isValid
          ? 'invalid'
          : entry.isDuplicate
            ? 'duplicate'
            : taken.has(entry.code)
              ? 'taken'
              : null;
        const color = problem === 'invalid' ? 'error' : problem ? 'warning' : 'default';
        return (
          // Codes may repeat, so the position is part of the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the text on every change
          <li key={`${entry.code}-${index}`}>
            <Tag color={color} title={problem ? t(`tags.programmer.problem.${problem}`) : undefined}>
              <code>{entry.code}</code>
              {problem && <span className="visually-hidden">{` — ${t(`tags.programmer.problem.${problem}`)}`}</span>}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
