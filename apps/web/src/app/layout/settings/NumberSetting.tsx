import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../settings/store.ts';
import { NUMBER_SETTINGS, type NumberKey } from './fields.ts';

/**
 * A number setting: a number box held to its range, and a hint saying what the number does. (A
 * plain number input: antd's InputNumber would split its arrow icon out of the shell's chunk.)
 */
export function NumberSetting({ name }: { name: NumberKey }) {
  const { t } = useTranslation('layout');
  const saved = useSettings((state) => state.settings[name]);
  const set = useSettings((state) => state.set);
  const { min, max } = NUMBER_SETTINGS[name];
  // What is typed, saved only once it is a whole number in range; leaving the box shows the saved value.
  const [typed, setTyped] = useState<string | null>(null);
  const id = `setting-${name}`;
  return (
    <div className="rx-settings__number">
      <div className="rx-settings__row">
        <label htmlFor={id}>{t(`settings.${name}`)}</label>
        <Input
          id={id}
          type="number"
          size="small"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          style={{ inlineSize: 72 }}
          value={typed ?? String(saved)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const text = event.target.value;
            setTyped(text);
            const value = Number(text);
            if (text !== '' && Number.isInteger(value) && value >= min && value <= max) set(name, value);
          }}
          onBlur={() => setTyped(null)}
        />
      </div>
      <p id={`${id}-hint`} className="rx-settings__hint">
        {t(`settings.${name}Hint`, { min, max })}
      </p>
    </div>
  );
}
