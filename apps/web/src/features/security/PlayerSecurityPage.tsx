import { SecurityPage } from './SecurityPage';

/** /security: the signed-in player's Security page. */
export default function PlayerSecurityPage() {
  return <SecurityPage audience="player" />;
}
