// Case-insensitive "contains" searches: the user's text is matched literally, so %, _ and \ in it are
// escaped (queries use `ilike ? escape '\'`).
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern for "contains `term`". */
export const containsPattern = (term: string): string => `%${escapeLike(term)}%`;
