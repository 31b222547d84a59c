/** Reads the intent from the signed `state` (base64url JSON before the dot); the server checked the signature. */
export function decodeSocialState(
  state: string | null,
): { intent?: string; game?: string; p?: string } | null {
  if (!state) return null;
  try {
    const body = (state.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed && typeof parsed === 'object' ? (parsed as { intent?: string }) : null;
  } catch {
    return null;
  }
}
