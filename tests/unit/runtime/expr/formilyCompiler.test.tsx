import { act, render, screen } from '@testing-library/react';
import { createForm, type Field } from '@formily/core';
import { connect, createSchemaField, FormProvider, Schema, type ISchema } from '@formily/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../../runtime/expr/errors';
import { registerFormilyCompiler } from '../../../../runtime/expr/formilyCompiler';

const Text = connect(({ value }: { value?: unknown }) => <span data-testid="text">{String(value ?? '')}</span>);
const SchemaField = createSchemaField({ components: { Text } });

function renderSchema(schema: ISchema, values: Record<string, unknown> = {}) {
  const form = createForm({ values });
  render(
    <FormProvider form={form}>
      <SchemaField schema={schema} />
    </FormProvider>,
  );
  const field = (name: string) => form.query(name).take() as Field;
  return { form, field };
}

describe('registerFormilyCompiler: Formily schemas evaluate {{ }} with the safe evaluator', () => {
  beforeAll(() => {
    registerFormilyCompiler();
  });

  it('drives x-visible from {{ $values.a > 1 }} and follows later changes', async () => {
    const { form, field } = renderSchema(
      {
        type: 'object',
        properties: {
          a: { type: 'number', 'x-component': 'Text' },
          b: { type: 'string', 'x-component': 'Text', 'x-visible': '{{ $values.a > 1 }}' },
        },
      },
      { a: 0, b: '附加说明' },
    );
    expect(field('b').visible).toBe(false);
    expect(screen.queryByText('附加说明')).toBeNull();

    await act(async () => {
      form.setValuesIn('a', 2);
    });
    expect(field('b').visible).toBe(true);
    expect(screen.getByText('附加说明')).toBeInTheDocument();
  });

  it('evaluates x-reactions state from $deps', async () => {
    const { form, field } = renderSchema(
      {
        type: 'object',
        properties: {
          lossType: { type: 'string', 'x-component': 'Text' },
          vehicleNo: {
            type: 'string',
            'x-component': 'Text',
            'x-reactions': {
              dependencies: ['lossType'],
              fulfill: { state: { visible: "{{ $deps[0] === 'car' }}", title: "{{ '车牌号（' + $deps[0] + '）' }}" } },
            },
          },
        },
      },
      { lossType: 'house' },
    );
    expect(field('vehicleNo').visible).toBe(false);
    await act(async () => {
      form.setValuesIn('lossType', 'car');
    });
    expect(field('vehicleNo').visible).toBe(true);
    expect(field('vehicleNo').title).toBe('车牌号（car）');
  });

  it('gives schema expressions no globals (the default compiler would return window)', () => {
    expect(Schema.compile('{{ window }}', {})).toBeUndefined();
    expect(Schema.compile('{{ globalThis }}', {})).toBeUndefined();
    expect(Schema.compile('{{ process }}', {})).toBeUndefined();
    expect(Schema.compile("{{ amount >= 100 ? '大额' : '小额' }}", { $values: { amount: 120 } })).toBe('大额');
  });

  it('refuses code: property escapes, functions and Formily run scripts fail with the position', () => {
    expect(() => Schema.compile('{{ $form.constructor }}', { $form: {} })).toThrow(ExpressionError);
    expect(() => Schema.compile("{{ $form.constructor.constructor('return process')() }}", { $form: {} })).toThrow(
      /禁止访问属性「constructor」/,
    );
    // x-reactions `run` is compiled by Formily as {{function(){…}}}.
    expect(() => Schema.compile('{{function(){ $self.value = 1 }}}', {})).toThrow(/不支持定义函数/);
  });
});
