import { CloseOutlined } from '@ant-design/icons';
import { Input, Tag } from 'antd';
import { useState } from 'react';

/**
 * Codes as a scanner types them (each followed by Enter) or pasted several at once: each
 * becomes a chip that can be taken back before the action is sent.
 */
export function ScanInput(props: { label: string; codes: string[]; onChange: (codes: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = (text: string) => {
    const scanned = text
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    if (scanned.length > 0) props.onChange([...new Set([...props.codes, ...scanned])]);
    setDraft('');
  };
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Input
        aria-label={props.label}
        placeholder={props.label}
        value={draft}
        size="large"
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => add(draft)}
        onPaste={(event) => {
          event.preventDefault();
          add(event.clipboardData.getData('text'));
        }}
        autoComplete="off"
      />
      {props.codes.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {props.codes.map((code) => (
            <Tag
              key={code}
              closable
              closeIcon={<CloseOutlined aria-label={code} />}
              onClose={() => props.onChange(props.codes.filter((other) => other !== code))}
              style={{ fontFamily: 'monospace' }}
            >
              {code}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
