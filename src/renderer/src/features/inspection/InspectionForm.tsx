import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, FormControlLabel, FormHelperText, FormLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import type { InspectionResultInput, InspectionPreview, InspectionItemRef } from '@shared/api/production';
import { NumberInput } from '@renderer/components/NumberInput';
import { useRecordRules } from '@renderer/features/modeling';
import { useT } from '@renderer/i18n/useT';

type T = ReturnType<typeof useT>;

/** A project checked against a number range (either bound) is measured; any other gets 合格/不合格. */
export const isNumeric = (p: Pick<InspectionItemRef, 'standardMin' | 'standardMax'>): boolean => p.standardMin !== null || p.standardMax !== null;

/** 0.5 – 1.0 %, ≥ 99.999 %, ≤ 10 ppm, or the standard in words. */
export function standardText(p: Pick<InspectionItemRef, 'standardMin' | 'standardMax' | 'standardText' | 'unit'>): string {
  const unit = p.unit ? ` ${p.unit}` : '';
  if (p.standardMin !== null && p.standardMax !== null) return `${p.standardMin} – ${p.standardMax}${unit}`;
  if (p.standardMin !== null) return `≥ ${p.standardMin}${unit}`;
  if (p.standardMax !== null) return `≤ ${p.standardMax}${unit}`;
  return p.standardText ?? '';
}

export const outOfRange = (p: Pick<InspectionItemRef, 'standardMin' | 'standardMax'>, v: number | null): boolean =>
  typeof v === 'number' && !Number.isNaN(v) && ((p.standardMin !== null && v < p.standardMin) || (p.standardMax !== null && v > p.standardMax));

export type Answers = Record<number, number | boolean | null>;

export interface TestFormValue {
  items: InspectionResultInput[];
  /** Only for a gas without projects. */
  result?: 1 | 0;
  remark: string | null;
}

/** The answers as the contract's items, or the first problem in words. */
export function toItems(t: T, projects: InspectionItemRef[], answers: Answers): { items: InspectionResultInput[] } | { problem: string } {
  const items: InspectionResultInput[] = [];
  for (const p of projects) {
    const a = answers[p.id] ?? null;
    if (a === null) {
      if (p.required) return { problem: t('inspection.missing', { name: p.projectName }) };
      continue;
    }
    if (typeof a === 'number') {
      if (Number.isNaN(a)) return { problem: t('inspection.badValue', { name: p.projectName }) };
      items.push({ projectId: p.id, value: a });
    } else items.push({ projectId: p.id, passed: a });
  }
  return { items };
}

/** The field to focus in each step (the chosen radio of a choice, else its first), in order. */
const steps = (root: HTMLElement | null): (HTMLElement | null)[] => [...(root?.querySelectorAll<HTMLElement>('[data-step]') ?? [])].map((el) =>
  el.querySelector<HTMLElement>('input[type=radio]:checked') ?? el.querySelector<HTMLElement>('input, textarea'));

interface Props {
  preview: InspectionPreview;
  busy: boolean;
  onSubmit: (value: TestFormValue) => void;
  onCancel: () => void;
}

/**
 * The inspection of one scanned cylinder: one field per test project of its gas — a number shown against
 * the standard (red outside it), or 合格/不合格 where the standard is not a range. Enter goes to the next
 * field and from the last to 提交.
 */
export function InspectionForm({ preview, busy, onSubmit, onCancel }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [overall, setOverall] = useState<1 | 0 | null>(null);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { projects, cylinder } = preview;
  // 记录内容设置 (检验记录): whether the remark shows and must be filled.
  const record = useRecordRules('INSPECTION');
  const remarkRule = record.rule('remark');

  useEffect(() => {
    // The first field takes the focus from the scan field as soon as the cylinder is scanned.
    const first = steps(box.current)[0];
    setTimeout(() => first?.focus(), 0);
  }, [preview]);

  const next = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const all = steps(box.current);
    const target = all[index + 1];
    if (target) target.focus();
    else submitButton.current?.focus();
  };

  const submit = () => {
    const built = toItems(t, projects, answers);
    if ('problem' in built) return setProblem(built.problem);
    if (projects.length === 0 && overall === null) return setProblem(t('inspection.chooseResult'));
    const missing = record.refusal({ remark: remarkRule.show ? remark : null }, true);
    if (missing) return setProblem(missing);
    setProblem(null);
    onSubmit({ items: built.items, ...(projects.length === 0 && overall !== null ? { result: overall } : {}), remark: remarkRule.show ? remark.trim() || null : null });
  };

  const set = (id: number, v: number | boolean | null) => setAnswers((a) => ({ ...a, [id]: v }));
  const choice = (key: string, label: string, value: boolean | null, onChange: (v: boolean) => void, index: number, required: boolean, hint?: string) => (
    <Box key={key} data-step={index} onKeyDown={(e) => next(e, index)}>
      <FormLabel required={required} sx={{ fontSize: 13 }}>{label}</FormLabel>
      <RadioGroup row aria-label={label} value={value === null ? '' : value ? '1' : '0'} onChange={(e) => onChange(e.target.value === '1')}>
        <FormControlLabel value="1" label={t('inspection.pass')} control={<Radio size="small" />} />
        <FormControlLabel value="0" label={t('inspection.fail')} control={<Radio size="small" color="error" />} />
      </RadioGroup>
      {hint && <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>}
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} ref={box} aria-label={t('inspection.formTitle', { code: cylinder.code })} role="form">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('inspection.formTitle', { code: cylinder.code })}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {[cylinder.materialName, cylinder.specification, cylinder.ownerName].filter(Boolean).join(' · ')}
        </Typography>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5, alignItems: 'start' }}>
        {projects.map((p, i) => {
          const a = answers[p.id] ?? null;
          if (!isNumeric(p)) return choice(`p${p.id}`, p.projectName, typeof a === 'boolean' ? a : null, (v) => set(p.id, v), i, p.required, standardText(p) || undefined);
          const bad = outOfRange(p, typeof a === 'number' ? a : null);
          return (
            <Box key={`p${p.id}`} data-step={i}>
              <NumberInput size="small" fullWidth label={p.unit ? `${p.projectName}（${p.unit}）` : p.projectName} required={p.required}
                value={typeof a === 'number' ? a : null} onChange={(v) => set(p.id, v)} decimal={6} onKeyDown={(e) => next(e, i)}
                error={bad} helperText={bad ? t('inspection.outOfStandard', { standard: standardText(p) }) : t('inspection.standard', { standard: standardText(p) })}
                slotProps={{ formHelperText: { sx: { fontWeight: bad ? 700 : 400 } } }} />
            </Box>
          );
        })}
        {projects.length === 0 && choice('overall', t('inspection.overall'), overall === null ? null : overall === 1, (v) => setOverall(v ? 1 : 0), 0, true, t('inspection.noProjects'))}
        {remarkRule.show && (
          <Box data-step={Math.max(projects.length, 1)}>
            <TextField size="small" fullWidth label={t('common.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} required={remarkRule.required}
              onKeyDown={(e) => next(e, Math.max(projects.length, 1))} slotProps={{ htmlInput: { maxLength: 255 } }} />
          </Box>
        )}
      </Box>
      {problem && <Typography color="error" sx={{ mt: 1, fontWeight: 600 }} role="alert">{problem}</Typography>}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button ref={submitButton} variant="contained" loading={busy} onClick={submit}>{t('inspection.submit')}</Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Stack>
    </Paper>
  );
}
