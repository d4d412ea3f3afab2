import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the shared error handler does not show this query's failures. */
    queryMeta: { silent?: boolean };
  }
}
