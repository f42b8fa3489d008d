import GroupsIcon from '@mui/icons-material/Groups';
import { MemberCreate, MemberEdit, TeamList } from './Team';

export default { list: TeamList, create: MemberCreate, edit: MemberEdit, icon: GroupsIcon, recordRepresentation: 'name' };
