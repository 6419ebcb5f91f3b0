declare module 'stopword' {
  export const deu: string[];
  export const fra: string[];
  export const ita: string[];
  export const eng: string[];
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
}
