import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from './Form';
import type { FormField, FormHandle } from './types';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const fields: FormField[] = [
  { key: 'name', label: '名称', rules: [{ required: true }, { max: 5 }] },
  { key: 'code', label: '编码', rules: [{ pattern: /^[A-Z]+$/, message: '编码须为大写字母' }] },
  { key: 'remark', label: '备注', type: 'textarea' },
  { key: 'secret', label: '口令', type: 'password', rules: [{ min: 3 }] },
  { key: 'kind', label: '类型', type: 'select', options: [{ label: '钢瓶', value: 1 }, { label: '铝瓶', value: 2 }], rules: [{ required: true }] },
  { key: 'qty', label: '数量', type: 'number', rules: [{ validator: (v) => (typeof v === 'number' && v > 10 ? '数量不能超过10' : null) }] },
];

/** A field by its label; required labels carry a trailing asterisk. */
const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

function setup(props: Partial<Parameters<typeof Form>[0]> = {}) {
  const ref = createRef<FormHandle>();
  const view = render(<Form ref={ref} fields={fields} {...props} />);
  const validate = () => {
    let result!: ReturnType<FormHandle['validate']>;
    act(() => void (result = ref.current!.validate()));
    return result;
  };
  return { ...view, ref, validate };
}

describe('Form', { timeout: 30_000 }, () => {
  it('shows the default placeholders 请输入 and 请选择, or the declared one', () => {
    render(<Form fields={[...fields, { key: 'at', label: '日期', type: 'date' }, { key: 'x', label: '自定', placeholder: '请扫码' }]} />);
    expect(byLabel('名称')).toHaveAttribute('placeholder', '请输入');
    expect(byLabel('备注')).toHaveAttribute('placeholder', '请输入');
    expect(byLabel('数量')).toHaveAttribute('placeholder', '请输入');
    expect(byLabel('自定')).toHaveAttribute('placeholder', '请扫码');
    expect(within(screen.getByRole('combobox')).getByText('请选择')).toBeInTheDocument();
  });

  it('validates every rule and shows the messages under the fields', async () => {
    const { validate } = setup();
    await userEvent.type(byLabel('名称'), '一二三四五六');
    await userEvent.type(byLabel('编码'), 'abc');
    await userEvent.type(byLabel('口令'), 'ab');
    await userEvent.type(byLabel('数量'), '11');
    const result = validate();
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({
      name: '名称长度不能超过5个字符',
      code: '编码须为大写字母',
      secret: '口令长度不能少于3个字符',
      kind: '请选择类型',
      qty: '数量不能超过10',
    });
    expect(screen.getByText('编码须为大写字母')).toBeInTheDocument();
    expect(screen.getByText('请选择类型')).toBeInTheDocument();
  });

  it('asks for a required text with 请输入 and its label', () => {
    const { validate } = setup();
    expect(validate().errors.name).toBe('请输入名称');
    expect(screen.getByText('请输入名称')).toBeInTheDocument();
  });

  it('applies no rule while the whole form is disabled', () => {
    const { validate } = setup({ disabled: true });
    expect(byLabel('名称')).toBeDisabled();
    expect(validate()).toMatchObject({ valid: true, errors: {} });
    expect(screen.queryByText('请输入名称')).not.toBeInTheDocument();
  });

  it('trims text and textarea values (not passwords) when validating', async () => {
    const { validate } = setup({ fields: fields.filter((f) => f.key !== 'kind') });
    await userEvent.type(byLabel('名称'), '  abc  ');
    await userEvent.type(byLabel('备注'), '  备 注 ');
    await userEvent.type(byLabel('口令'), ' pw ');
    const result = validate();
    expect(result.valid).toBe(true);
    expect(result.values).toMatchObject({ name: 'abc', remark: '备 注', secret: ' pw ' });
    expect(byLabel('名称')).toHaveValue('abc');
  });

  it('counts a text of spaces as empty for required', async () => {
    const { validate } = setup();
    await userEvent.type(byLabel('名称'), '   ');
    expect(validate().errors.name).toBe('请输入名称');
  });

  it('clears a message once the field is corrected', async () => {
    const { validate } = setup();
    validate();
    expect(screen.getByText('请输入名称')).toBeInTheDocument();
    await userEvent.type(byLabel('名称'), '甲');
    expect(screen.queryByText('请输入名称')).not.toBeInTheDocument();
  });

  it('takes a choice from a select and reports changes', async () => {
    const onChange = vi.fn();
    setup({ onChange, initialValues: { name: '甲' } });
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: '铝瓶' }));
    expect(onChange).toHaveBeenLastCalledWith({ name: '甲', kind: 2 });
  });

  it('submits the trimmed values on Enter only when valid', async () => {
    const onSubmit = vi.fn();
    render(<Form fields={[{ key: 'name', label: '名称', rules: [{ required: true }] }]} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/名称/), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/名称/), ' 乙 {Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ name: '乙' });
  });

  it('uses switch values 1 and 0, radios and checkboxes', async () => {
    const onChange = vi.fn();
    render(
      <Form
        onChange={onChange}
        initialValues={{ on: 0 }}
        fields={[
          { key: 'on', label: '启用', type: 'switch' },
          { key: 'r', label: '单选', type: 'radio', options: [{ label: '是', value: 1 }, { label: '否', value: 0 }] },
          { key: 'c', label: '多选', type: 'checkbox', options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('switch', { name: '启用' }));
    expect(onChange).toHaveBeenLastCalledWith({ on: 1 });
    await userEvent.click(screen.getByRole('radio', { name: '否' }));
    expect(onChange).toHaveBeenLastCalledWith({ on: 1, r: 0 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'B' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A' }));
    expect(onChange).toHaveBeenLastCalledWith({ on: 1, r: 0, c: ['b', 'a'] });
  });

  it('resets to the initial values without messages', async () => {
    const { ref, validate } = setup({ initialValues: { name: '初始' } });
    await userEvent.clear(byLabel('名称'));
    validate();
    act(() => ref.current!.reset());
    expect(byLabel('名称')).toHaveValue('初始');
    expect(screen.queryByText('请输入名称')).not.toBeInTheDocument();
  });
});
