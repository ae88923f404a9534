// The shape every locale's messages must have, derived from react-admin's and Turma's English keys.
import type { TranslationMessages } from 'react-admin';
import type { turmaEnglish } from './en-US';

/**
 * Every key react-admin's TranslationMessages declares, made required and stripped of its index
 * signatures: a missing key is a tsc error, and so is a misspelt one (an excess property).
 */
type DeclaredKeys<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]-?: NonNullable<
    T[K]
  > extends string
    ? string
    : DeclaredKeys<NonNullable<T[K]>>;
};

/** Same keys as T, any string at the leaves. */
type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };

export type RaMessages = DeclaredKeys<TranslationMessages>;
export type TurmaMessages = SameShape<typeof turmaEnglish>;
export type Messages = RaMessages & TurmaMessages;
