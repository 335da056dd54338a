import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { cameraReason } from '@renderer/stations/CameraScan';
import { compressPhoto } from './photo';

/**
 * A photo at the stop from the device's camera (rear first): the live picture, 拍下 takes a frame as a JPEG of at most
 * 200 KB. The camera is released as soon as the photo is taken or the field goes away.
 */
export function PhotoField({ value, onChange }: { value: string | null; onChange: (jpeg: string | null) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [live, setLive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setLive(false);
  };
  useEffect(() => stop, []);

  const start = async () => {
    setProblem(null);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('getUserMedia'), { name: 'SecurityError' });
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      setLive(true);
    } catch (e) {
      setProblem(t('field.trip.proof.noCamera', { why: cameraReason(e, t) }));
    }
  };
  useEffect(() => {
    if (!live || !video.current || !stream.current) return;
    video.current.srcObject = stream.current;
    void video.current.play().catch(() => undefined);
  }, [live]);

  const shoot = () => {
    const v = video.current;
    if (!v) return;
    const jpeg = compressPhoto(v, v.videoWidth, v.videoHeight);
    if (!jpeg) {
      setProblem(t('field.trip.proof.photoTooLarge'));
      return;
    }
    onChange(jpeg);
    stop();
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{t('field.trip.proof.photo')}</Typography>
      {problem && <Alert severity="warning" sx={{ mb: 1 }}>{problem}</Alert>}
      {live ? (
        <Stack spacing={1}>
          <Box component="video" ref={video} muted playsInline data-testid="photo-live" sx={{ width: '100%', maxHeight: 320, bgcolor: 'common.black' }} />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={shoot}>{t('field.trip.proof.shoot')}</Button>
            <Button onClick={stop}>{t('field.trip.proof.cancelPhoto')}</Button>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={1}>
          {value && <Box component="img" src={value} alt={t('field.trip.proof.photo')} data-testid="photo" sx={{ width: '100%', maxHeight: 240, objectFit: 'contain' }} />}
          <Box>
            <Button variant="outlined" onClick={() => void start()}>{t(value ? 'field.trip.proof.retake' : 'field.trip.proof.takePhoto')}</Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
