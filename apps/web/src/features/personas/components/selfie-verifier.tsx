import { LIKENESS_TEXTS } from '@muse/shared';
import { Camera, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useVerifySelfie } from '../api/verify-selfie';
import { PHOTO_ACCEPT } from '../photo-files';

type TCamera =
  | { state: 'off' }
  | { state: 'starting' }
  | { state: 'on'; stream: MediaStream }
  | { state: 'unavailable' };

/**
 * 'Verify with a selfie': the browser's camera with a capture button, or a photo uploaded when
 * there is no camera or its use is refused. The selfie goes to Muse once, to be matched against
 * the persona's photos; it is not kept (docs/decisions/0053-likeness-statements.md).
 */
export function SelfieVerifier({ influencerId }: { influencerId: string }) {
  const verify = useVerifySelfie(influencerId);
  const [camera, setCamera] = useState<TCamera>({ state: 'off' });
  const video = useRef<HTMLVideoElement>(null);
  const inputId = useId();
  const stream = camera.state === 'on' ? camera.stream : null;

  useEffect(() => {
    if (!stream) return;
    if (video.current) video.current.srcObject = stream;
    return () => stream.getTracks().forEach((track) => track.stop());
  }, [stream]);

  async function startCamera() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera({ state: 'unavailable' });
      return;
    }
    setCamera({ state: 'starting' });
    try {
      const opened = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      });
      setCamera({ state: 'on', stream: opened });
    } catch {
      // No camera, or its use refused: the upload below does the same.
      setCamera({ state: 'unavailable' });
    }
  }

  function capture() {
    const frame = video.current;
    if (!frame?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = frame.videoWidth;
    canvas.height = frame.videoHeight;
    canvas.getContext('2d')?.drawImage(frame, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        setCamera({ state: 'off' });
        verify.mutate(blob);
      },
      'image/jpeg',
      0.92,
    );
  }

  const result = verify.data;
  return (
    <div className="space-y-3 border-t border-ink-800 pt-4">
      <p className="text-sm text-zinc-300">
        A selfie shows these photos are of you: it is compared with them, then discarded.
      </p>
      {camera.state === 'on' ? (
        <div className="space-y-2">
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
            className="aspect-[3/4] w-full -scale-x-100 rounded-xl bg-ink-950 object-cover"
          />
          <Button onClick={capture} disabled={verify.isPending} className="w-full">
            <Camera aria-hidden="true" className="size-4" />
            {LIKENESS_TEXTS.takeSelfie}
          </Button>
        </div>
      ) : (
        <Button
          onClick={() => void startCamera()}
          disabled={camera.state === 'starting' || verify.isPending}
          className="w-full"
        >
          <Camera aria-hidden="true" className="size-4" />
          {LIKENESS_TEXTS.verifyWithSelfie}
        </Button>
      )}
      {camera.state === 'unavailable' ? (
        <p className="text-sm text-zinc-400">{LIKENESS_TEXTS.noCamera}</p>
      ) : null}
      <label
        htmlFor={inputId}
        className="flex h-10 w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-ink-600 px-4 text-sm text-zinc-100 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-400"
      >
        <Upload aria-hidden="true" className="size-4" />
        {verify.isPending ? 'Checking the selfie…' : LIKENESS_TEXTS.uploadSelfie}
        <input
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          disabled={verify.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) verify.mutate(file);
            event.target.value = '';
          }}
        />
      </label>
      <div role="status" className="text-sm">
        {verify.error ? <p className="text-red-300">{verify.error.message}</p> : null}
        {result && !result.verified ? (
          <p className="text-amber-200">{LIKENESS_TEXTS.selfieNoMatch}</p>
        ) : null}
      </div>
    </div>
  );
}
