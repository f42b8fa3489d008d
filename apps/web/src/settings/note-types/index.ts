import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { colouredNames } from '../../components/ColouredNames';

export default {
  ...colouredNames({ resource: 'settings/note-type', testId: 'note-type-list', colourInvalid: 'note_types.colour_invalid' }),
  icon: StickyNote2Icon,
  recordRepresentation: 'name',
};
