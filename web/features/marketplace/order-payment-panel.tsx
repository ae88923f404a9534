// The shared payment panel paying a marketplace order (POST /api/payments with purpose 'order'): PIX, boleto or card,
// status polling every 8 s for 5 minutes, "Simular pagamento" in sandbox mode. The same order and method answer the same
// payment, so a reload never charges twice.
import type { ComponentProps } from 'react';
import { PaymentPanel } from '../../components/payments/payment-panel';

type PanelProps = ComponentProps<typeof PaymentPanel>;

// PaymentPanel's `purpose` is typed for the group payments ('entry' | 'balance'); it only passes the value
// on to the payments API, which takes 'order' as well. Until that type is widened, the cast lives here.
const ORDER_PURPOSE = 'order' as unknown as PanelProps['purpose'];

export function OrderPaymentPanel({ orderId, ...rest }: Omit<PanelProps, 'purpose' | 'refId' | 'onHoldExpired'> & { orderId: string }) {
  return <PaymentPanel {...rest} purpose={ORDER_PURPOSE} refId={orderId} />;
}
