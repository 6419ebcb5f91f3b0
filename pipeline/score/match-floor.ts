/** Pairs scoring below this are not stored: nobody wants to see a 12 % match. */
export const MATCH_FLOOR = 20;
