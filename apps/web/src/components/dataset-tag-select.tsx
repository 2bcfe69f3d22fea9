import { DATASET_TAGS, type DatasetTag } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  value?: DatasetTag[];
  onChange?: (value: DatasetTag[]) => void;
  id?: string;
  'aria-label'?: string;
  isDisabled?: boolean;
  size?: 'small' | 'middle';
};

/**
 * The §9 dataset tags by their translated names. Shared by the dataset screen and the sale
 * card (which sends a resolved dispute there); their screens load the `dataset` texts.
 */
export function DatasetTagSelect({ value, onChange, id, isDisabled, size, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Select<DatasetTag[]>
      id={id}
      aria-label={rest['aria-label']}
      mode="multiple"
      size={size}
      value={value}
      onChange={(next) => onChange?.(next)}
      disabled={isDisabled}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('dataset.tags_placeholder')}
      options={DATASET_TAGS.map((tag) => ({ value: tag, label: t(`dataset.tag.${tag}`) }))}
      style={{ width: '100%' }}
    />
  );
}
