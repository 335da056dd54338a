import { useEffect, useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import type { ManifestStop } from '@shared/api/trip';
import { useT } from '@renderer/i18n/useT';
import { proofAct, type ProofForm } from './acts';
import { PhotoField } from './PhotoField';
import { SignatureField } from './SignatureField';
import { keptTrip } from './tripStore';

type Position = ProofForm['position'];

/** The device's position for the proof, when the driver allows it (a refusal or a timeout leaves it out). */
function usePosition(): { position: Position; locating: boolean } {
  const [position, setPosition] = useState<Position>(null);
  const [locating, setLocating] = useState(true);
  useEffect(() => {
    if (!navigator.geolocation) {
      setLocating(false);
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!live) return;
        setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Math.min(p.coords.accuracy, 100_000) });
        setLocating(false);
      },
      () => live && setLocating(false),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
    return () => void (live = false);
  }, []);
  return { position, locating };
}

/**
 * 签收 at a stop: who received, their signature, a photo, the position; the cylinders left on board must each have
 * their 差异原因 (chosen above it). Checked on the device's copy, then sent or kept like every act.
 */
export function ProofSection({ tripId, stop, reasons }: { tripId: number; stop: ManifestStop; reasons: Record<string, string> }) {
  const t = useT();
  const [receiverName, setReceiverName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { position, locating } = usePosition();

  const submit = async () => {
    setSending(true);
    setProblem(null);
    try {
      const trip = await keptTrip(tripId);
      if (!trip) throw new Error(t('field.trip.noCopy'));
      const current = trip.stops.find((s) => s.id === stop.id) ?? stop;
      const verdict = await proofAct(t, trip, current, { receiverName, signature, photo, position, reasons, remark });
      if (verdict.kind === 'refused') setProblem(verdict.message);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-label={t('field.trip.proof.title')}>
      <Typography variant="h6" component="h3">{t('field.trip.proof.title')}</Typography>
      <TextField label={t('field.trip.proof.receiver')} value={receiverName} onChange={(e) => setReceiverName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 64 } }} />
      <SignatureField onChange={setSignature} />
      <PhotoField value={photo} onChange={setPhoto} />
      <Typography variant="body2" color="text.secondary" data-testid="position">
        {position
          ? t('field.trip.proof.position', { lat: position.latitude.toFixed(5), lng: position.longitude.toFixed(5), acc: Math.round(position.accuracy) })
          : t(locating ? 'field.trip.proof.locating' : 'field.trip.proof.noPosition')}
      </Typography>
      <TextField label={t('field.trip.proof.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }} />
      {problem && <Alert severity="error" data-testid="proof-problem">{problem}</Alert>}
      <Button variant="contained" size="large" loading={sending} onClick={() => void submit()}>{t('field.trip.proof.submit')}</Button>
    </Stack>
  );
}
