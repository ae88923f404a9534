// Reads a voucher's QR code with the device camera: getUserMedia (rear camera preferred) and jsQR on canvas frames.
// jsQR is loaded only when the professional presses "Escanear" (its own chunk). The camera stops on unmount.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';

type ScanState = 'starting' | 'scanning' | 'denied' | 'unavailable';

export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>('starting');
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia || !context) {
        setState('unavailable');
        return;
      }
      try {
        const [media, { default: jsQR }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
          import('jsqr'),
        ]);
        stream = media;
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        setState('scanning');
        const tick = () => {
          if (stopped) return;
          if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            context.drawImage(video, 0, 0, canvas.width, canvas.height);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
            const code = found?.data.trim();
            if (code && /^[A-Za-z0-9-]{4,40}$/.test(code)) {
              onCodeRef.current(code.toUpperCase());
              return;
            }
          }
          frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      } catch (error) {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    };
    void start();

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="scanner">
      {(state === 'starting' || state === 'scanning') && (
        <div className="scanner__frame">
          <video ref={videoRef} className="scanner__video" muted playsInline aria-label={t('redeem.videoLabel')} />
          {state === 'starting' && (
            <div className="scanner__overlay" role="status">
              <Spinner size={24} />
              <span>{t('redeem.cameraStarting')}</span>
            </div>
          )}
        </div>
      )}
      <p className={state === 'denied' || state === 'unavailable' ? 'field__error' : 'muted'} role={state === 'denied' || state === 'unavailable' ? 'alert' : undefined}>
        {state === 'denied' ? t('redeem.cameraDenied') : state === 'unavailable' ? t('redeem.cameraUnavailable') : t('redeem.scanHelp')}
      </p>
    </div>
  );
}
