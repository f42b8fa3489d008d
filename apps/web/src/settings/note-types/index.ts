import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { NoteTypeCreate, NoteTypeEdit, NoteTypeList } from './NoteTypes';

export default { list: NoteTypeList, create: NoteTypeCreate, edit: NoteTypeEdit, icon: StickyNote2Icon, recordRepresentation: 'name' };
