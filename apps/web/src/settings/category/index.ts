import LabelIcon from '@mui/icons-material/Label';
import { colouredNames } from '../../components/ColouredNames';

export default {
  ...colouredNames({ resource: 'settings/category', testId: 'category-list', colourInvalid: 'account.category.colour_invalid' }),
  icon: LabelIcon,
  recordRepresentation: 'name',
};
