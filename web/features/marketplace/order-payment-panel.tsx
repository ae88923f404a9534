// The group checkout's payment panel (web/features/payments), paying a marketplace order: PIX QR and
// copia-e-cola with the expiry countdown, boleto, card, status polling every 8 s for 5 minutes, and
// "Simular pagamento" with the sandbox provider. POST /api/payments takes purpose 'order' with the
// order id; the same order and method answer the same payment, so a reload never charges twice.
import type { ComponentProps } from 'react';
import { PaymentPanel } from '../../components/payments/payment-panel';

type PanelProps = ComponentProps<typeof PaymentPanel>;

// PaymentPanel's `purpose` is typed for the group payments ('entry' | 'balance'); it only passes the value
// on to the payments API, which takes 'order' as well. Until that type is widened, the cast lives here.
const ORDER_PURPOSE = 'order' as unknown as PanelProps['purpose'];

export function OrderPaymentPanel({ orderId, ...rest }: Omit<PanelProps, 'purpose' | 'refId' | 'onHoldExpired'> & { orderId: string }) {
  return <PaymentPanel {...rest} purpose={ORDER_PURPOSE} refId={orderId} />;
}
