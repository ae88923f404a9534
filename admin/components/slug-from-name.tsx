// The slug field's companion on create forms (plans, products, categories): the slug follows the name until typed.
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/** "Harmonização Facial 2x" → "harmonizacao-facial-2x". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** On create, the slug follows the name until the admin types one of their own. */
export const SlugFromName = () => {
  const { setValue, getFieldState } = useFormContext();
  const name = useWatch({ name: 'name' });
  useEffect(() => {
    if (!getFieldState('slug').isDirty) setValue('slug', slugify(typeof name === 'string' ? name : ''));
  }, [name, getFieldState, setValue]);
  return null;
};
