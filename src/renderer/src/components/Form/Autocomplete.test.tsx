import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from './Form';
import type { FormField, FormHandle } from './types';

configure({ asyncUtilTimeout: 5000 });

const reason: FormField = {
  key: 'reason', label: '报废原因', type: 'autocomplete', maxLength: 20, rules: [{ required: true }],
  options: [{ label: '瓶体腐蚀', value: 'corrosion' }, { label: '超过使用年限', value: '超过使用年限' }],
};

function setup(field: FormField = reason, props: Partial<Parameters<typeof Form>[0]> = {}) {
  const ref = createRef<FormHandle>();
  const onChange = vi.fn();
  render(<Form ref={ref} fields={[field]} onChange={onChange} {...props} />);
  const validate = () => {
    let result!: ReturnType<FormHandle['validate']>;
    act(() => void (result = ref.current!.validate()));
    return result;
  };
  return { ref, onChange, validate, input: screen.getByRole('combobox', { name: /报废原因/ }) };
}

describe('Form autocomplete field', { timeout: 30_000 }, () => {
  it('is typed like a text (请输入, the length limit) and offers the suggestions by label', async () => {
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', '请输入');
    expect(input).toHaveAttribute('maxlength', '20');
    await userEvent.click(input);
    expect(await screen.findByRole('option', { name: /瓶体腐蚀/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '超过使用年限' })).toBeInTheDocument();
  });

  it('writes the value of the suggestion chosen, found by its label or its value', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '腐蚀');
    expect(screen.queryByRole('option', { name: '超过使用年限' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /瓶体腐蚀/ }));
    expect(onChange).toHaveBeenLastCalledWith({ reason: 'corrosion' });
    expect(input).toHaveValue('corrosion');
  });

  it('takes any text, trimmed when validating, and asks for it when required', async () => {
    const { input, validate } = setup();
    expect(validate().errors).toEqual({ reason: '请输入报废原因' });
    expect(screen.getByText('请输入报废原因')).toBeInTheDocument();
    await userEvent.type(input, '  阀座泄漏 ');
    const result = validate();
    expect(result).toMatchObject({ valid: true, values: { reason: '阀座泄漏' } });
    expect(input).toHaveValue('阀座泄漏');
  });

  it('shows the value it starts with and is read-only in a disabled form', () => {
    const { input } = setup(reason, { initialValues: { reason: '超过使用年限' }, disabled: true });
    expect(input).toHaveValue('超过使用年限');
    expect(input).toBeDisabled();
  });

  it('shows a hint under the field until a message replaces it', () => {
    const { validate } = setup({ ...reason, hint: '可从数据字典选择' });
    expect(screen.getByText('可从数据字典选择')).toBeInTheDocument();
    validate();
    expect(screen.getByText('请输入报废原因')).toBeInTheDocument();
    expect(screen.queryByText('可从数据字典选择')).not.toBeInTheDocument();
  });
});
