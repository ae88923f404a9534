// Legal documents: the published versions of the terms and the privacy policy and who accepted which, when.
export * from './ports';
export * from './schemas';
export * from './legal.service';
