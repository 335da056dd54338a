import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListForm, type ListFormHandle, type ListFormResult } from './ListForm';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const fields: FormField[] = [{ key: 'code', label: '瓶号', rules: [{ required: true }] }];

function Harness({ initial, handle, disabled }: { initial: FormValues[]; handle: React.Ref<ListFormHandle>; disabled?: boolean }) {
  const [items, setItems] = useState(initial);
  return <ListForm ref={handle} fields={fields} items={items} onChange={setItems} disabled={disabled} />;
}

function setup(initial: FormValues[], disabled = false) {
  const handle = createRef<ListFormHandle>();
  render(<Harness initial={initial} handle={handle} disabled={disabled} />);
  const validate = () => {
    let r!: ListFormResult;
    act(() => void (r = handle.current!.validate()));
    return r;
  };
  return validate;
}

const item = (n: number) => screen.getByRole('group', { name: `#${n}` });

describe('ListForm', { timeout: 30_000 }, () => {
  it('is valid only when every item is valid, and shows each failing item its messages', () => {
    const validate = setup([{ code: 'A1' }, { code: '' }, { code: 'A3' }]);
    const result = validate();
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{}, { code: '请输入瓶号' }, {}]);
    expect(within(item(2)).getByText('请输入瓶号')).toBeInTheDocument();
    expect(within(item(1)).queryByText('请输入瓶号')).not.toBeInTheDocument();
  });

  it('is valid once the failing item is corrected, with every item trimmed', async () => {
    const validate = setup([{ code: ' A1 ' }, { code: '' }]);
    validate();
    await userEvent.type(within(item(2)).getByRole('textbox'), ' B2');
    const result = validate();
    expect(result).toMatchObject({ valid: true, values: [{ code: 'A1' }, { code: 'B2' }] });
  });

  it('is valid when disabled, whatever the items hold', () => {
    const validate = setup([{ code: '' }], true);
    expect(validate().valid).toBe(true);
  });

  it('is valid with no items', () => {
    expect(setup([])().valid).toBe(true);
  });
});
