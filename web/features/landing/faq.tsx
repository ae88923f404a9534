// The landing FAQ (lazily loaded with its own strings): an accessible disclosure list.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../i18n';
import { ChevronDownIcon } from '../../components/icons';
import ptBR from './locales/faq.pt-BR';
import enUS from './locales/faq.en-US';

registerTranslations('faq', { 'pt-BR': ptBR, 'en-US': enUS });

interface FaqItem {
  id: string;
  q: string;
  a: string;
}

export default function Faq() {
  const { t } = useTranslation('faq');
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const items = t('items', { returnObjects: true }) as unknown as FaqItem[];

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className="faq" role="list">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const panelId = `${baseId}-${item.id}`;
        return (
          <li key={item.id} className="faq__item" data-open={expanded || undefined}>
            <h3 className="faq__question">
              <button type="button" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(item.id)}>
                <span>{item.q}</span>
                <ChevronDownIcon size={20} className="faq__chevron" />
              </button>
            </h3>
            <div id={panelId} className="faq__answer" hidden={!expanded}>
              <p>{item.a}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
