// Icons of the payment methods (and the wallet's credit) (inline SVG, like the rest of the app's icons).
import type { PaymentMethod } from '../../lib/payments-api';

export function MethodIcon({ method, size = 22 }: { method: PaymentMethod | string; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, focusable: false };
  if (method === 'PIX') {
    return (
      <svg {...common}>
        <path d="M12 2.8 21.2 12 12 21.2 2.8 12z" />
        <path d="m7.5 9.5 2.6 2.5-2.6 2.5M16.5 9.5 13.9 12l2.6 2.5" />
      </svg>
    );
  }
  if (method === 'BOLETO') {
    return (
      <svg {...common}>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M7 8v8M10 8v8M12.5 8v8M15 8v8M17.5 8v8" />
      </svg>
    );
  }
  if (method === 'WALLET') {
    return (
      <svg {...common}>
        <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5" />
        <path d="M16 14h.01" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </svg>
  );
}
