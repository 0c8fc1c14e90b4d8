/**
 * The `code` widget: the code editor with a language switch among the twelve languages (the page's
 * `options.language` first) and a 全屏 toggle; read-only when the form is.
 */
import { Select } from 'antd';
import { useState } from 'react';
import type { CodeLanguage } from '../../generated/page';
import type { FormWidgetProps } from '../registry';
import { CODE_LANGUAGES, languageChoice } from './codeLanguages';
import { CodeEditor } from './CodeEditor';
import { FullScreenFrame } from './FullScreenFrame';
import { EDITOR_TEXTS } from './texts';

const OPTIONS = CODE_LANGUAGES.map(({ value, label }) => ({ value, label }));

export default function CodeWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const [language, setLanguage] = useState<CodeLanguage>(languageChoice(field.options.language).value);
  const [full, setFull] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <FullScreenFrame
      testId="code-widget"
      full={full}
      onFullChange={setFull}
      toolbar={
        <>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{EDITOR_TEXTS.language}</span>
          <Select
            size="small"
            aria-label={EDITOR_TEXTS.language}
            data-testid="code-language"
            value={language}
            options={OPTIONS}
            onChange={setLanguage}
            style={{ width: 140 }}
            popupMatchSelectWidth={false}
            getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
          />
        </>
      }
    >
      <CodeEditor value={text} onChange={(next) => onChange(next === '' ? null : next)} language={language} readOnly={disabled} height={full ? '100%' : undefined} />
    </FullScreenFrame>
  );
}
