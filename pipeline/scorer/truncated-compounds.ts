/** Words that join the members of a German coordination ("Dach- und Spenglerarbeiten", "Lift-, Rolltreppen- oder Förderanlagen"). */
const JOINERS = new Set(['und', 'oder', 'bzw', 'sowie', 'resp', 'respektive', 'als', 'auch', 'wie', '&']);

/**
 * German writes a shared compound head once: "Dach- und Spenglerarbeiten" is "Dacharbeiten und
 * Spenglerarbeiten". Each word cut by such a hyphen takes the head of the next whole compound, so that
 * the analyzer sees what the writer meant; a word that does not split leaves the cut word as it is.
 */
export function completeTruncatedCompounds(text: string, compoundHead: (word: string) => string | null): string {
  const tokens = text.split(/(\s+)/);
  for (let i = 0; i < tokens.length; i++) {
    const cut = /^(\p{L}{2,})-([,;]?)$/u.exec(tokens[i]!);
    if (!cut) continue;
    for (let j = i + 1; j < tokens.length; j++) {
      const token = tokens[j]!;
      if (/^\s*$/.test(token) || /-[,;]?$/u.test(token) || JOINERS.has(token.toLowerCase())) continue;
      const word = /^\p{L}+/u.exec(token)?.[0];
      const head = word ? compoundHead(word) : null;
      if (head) tokens[i] = `${cut[1]}${head}${cut[2]}`;
      break;
    }
  }
  return tokens.join('');
}
