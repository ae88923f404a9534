// Avaliações (docs/product/professionals.md): the most reported first; hide a review with a reason (it leaves the profile and
// the professional's average) or publish it again. The server audits both and recomputes the average.
import RateReviewIcon from '@mui/icons-material/RateReview';
import { type ResourceProps } from 'react-admin';
import { ReviewList } from './List';

export * from './shared';
export * from './List';

export const reviews: Omit<ResourceProps, 'name'> = {
  list: ReviewList,
  icon: RateReviewIcon,
  recordRepresentation: 'id',
};
