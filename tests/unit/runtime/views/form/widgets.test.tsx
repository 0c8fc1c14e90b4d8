import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FORM_WIDGET_LOADERS, registerFormWidgets } from '../../../../../runtime/widgets/form';
import { getWidget, hasWidget, registerWidget } from '../../../../../runtime/widgets/registry';
import { createFakeHost, ok } from '../../list/fakeHost';
import { claimDocument, compile } from './fixtures';

const page = compile(claimDocument());

function Harness({ name, initial, from = page }: { name: string; initial: unknown; from?: typeof page }) {
  const field = from.fieldByName.get(name);
  const [value, setValue] = useState<unknown>(initial);
  const fake = createFakeHost();
  fake.respond((call) => (call.url.includes('claim_tag') ? ok([{ value: 'a', text: '甲' }, { value: 'b', text: '乙' }]) : ok([])));
  const Widget = field ? getWidget(field.widget) : undefined;
  if (!field || !Widget) return null;
  return (
    <Suspense fallback="loading">
      {createElement(Widget, { field, value, onChange: setValue, host: fake.host })}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </Suspense>
  );
}

describe('form widgets in the registry', () => {
  it('registers a widget for every widget type of the page language, keeping ones registered earlier', async () => {
    const custom = async () => ({ default: () => <span>真正的用户选择</span> });
    registerWidget('user', custom);
    registerFormWidgets();
    for (const type of Object.keys(FORM_WIDGET_LOADERS)) expect(hasWidget(type)).toBe(true);
    render(<Harness name="handler" initial="" />);
    expect(await screen.findByText('真正的用户选择')).toBeInTheDocument();
  });

  it('stores checkbox choices comma-joined', async () => {
    registerFormWidgets();
    const user = userEvent.setup();
    render(<Harness name="tags" initial="a" />);
    await user.click(await screen.findByLabelText('乙'));
    expect(screen.getByTestId('value')).toHaveTextContent('"a,b"');
  });

  it('stores a switch as Y/N', async () => {
    registerFormWidgets();
    const user = userEvent.setup();
    render(<Harness name="urgent" initial="N" />);
    await user.click(await screen.findByRole('switch'));
    expect(screen.getByTestId('value')).toHaveTextContent('"Y"');
  });
});
