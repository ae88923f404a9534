// The frame both checkouts share (the group's four steps, the marketplace's three): a stepper whose
// done steps may link back, the step's heading, and the two-column grid with the summary beside the
// step (below it on phones).
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { CheckIcon } from './icons';

export interface StepperStep {
  key: string;
  label: string;
  /** Where a done step links back to; a done step without one is plain text. */
  to?: To;
  state?: unknown;
}

export function Stepper({
  steps,
  current,
  label,
  compact,
  doneLabel,
  className,
}: {
  steps: readonly StepperStep[];
  current: string;
  /** The navigation's accessible name. */
  label: string;
  /** The phone's one-line version ("Etapa 2 de 4: Plano"). */
  compact: string;
  /** Said after a done step's label to screen readers. */
  doneLabel: string;
  className?: string;
}) {
  const index = steps.findIndex((s) => s.key === current);
  return (
    <nav className={`stepper${className ? ` ${className}` : ''}`} aria-label={label}>
      <p className="stepper__compact" aria-hidden="true">
        {compact}
      </p>
      <ol className="stepper__list">
        {steps.map((step, i) => {
          const done = i < index;
          const isCurrent = i === index;
          const content = (
            <>
              <span className="stepper__dot" aria-hidden="true">
                {done ? <CheckIcon size={14} /> : i + 1}
              </span>
              <span className="stepper__label">{step.label}</span>
              {done && <span className="sr-only"> ({doneLabel})</span>}
            </>
          );
          return (
            <li key={step.key} className={`stepper__step${done ? ' stepper__step--done' : ''}${isCurrent ? ' stepper__step--current' : ''}`}>
              {done && step.to !== undefined ? (
                <Link to={step.to} state={step.state} className="stepper__link">
                  {content}
                </Link>
              ) : (
                <span className="stepper__link" aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function CheckoutFrame({
  stepper,
  title,
  lead,
  summary,
  children,
}: {
  stepper?: ReactNode;
  title: string;
  lead?: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container checkout">
      {stepper}
      <header className="checkout__head">
        <h1>{title}</h1>
        {lead && <p className="muted">{lead}</p>}
      </header>
      <div className={`checkout__grid${summary ? '' : ' checkout__grid--single'}`}>
        <div className="checkout__main">{children}</div>
        {summary}
      </div>
    </div>
  );
}
