import { ThreadsScreen } from '../components/threads-screen';

/** §2 `/support/list`: conversations with customers. */
export default function SupportListScreen() {
  return <ThreadsScreen kind="chat" />;
}
