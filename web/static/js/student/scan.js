// The badge scanner of the student login: the tablet's camera and the
// browser's own QR reader (BarcodeDetector), no outside code. Browsers
// without either get no scan button (canScan).
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { badgeOf } from './badge.js';

export function canScan() {
  return 'BarcodeDetector' in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

// scanner({onBadge, onClose}) returns {el, stop}: a live camera picture
// that calls onBadge(secret) once it reads a badge's QR code.
export function scanner({ onBadge, onClose }) {
  const video = h('video', { class: 'scan-video', playsinline: true, muted: true, 'aria-hidden': 'true' });
  video.muted = true; // the attribute alone does not mute a stream set later
  const status = h('p', { class: 'scan-status', role: 'status' }, t('scanHint'));
  let stream = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    if (stream) stream.getTracks().forEach((tr) => tr.stop());
  };
  const close = h('button', { type: 'button', class: 'btn ghost', id: 'scan-close', onclick: () => { stop(); onClose(); } }, '← ', t('back'));
  const el = h('div', { class: 'scanner' }, video, status, close);
  (async () => {
    try {
      const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped) return stop();
      video.srcObject = stream;
      video.play().catch(() => {}); // the reader tries each frame it gets
      while (!stopped) {
        const codes = await detector.detect(video).catch(() => []);
        const secret = codes.map((c) => badgeOf(c.rawValue)).find(Boolean);
        if (secret) { stop(); onBadge(secret); return; }
        await new Promise((r) => setTimeout(r, 250));
      }
    } catch {
      stop();
      status.textContent = t('noCamera');
      status.classList.add('error');
    }
  })();
  return { el, stop };
}
