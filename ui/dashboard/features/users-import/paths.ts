/** The users import's screen: its three steps at one address, the import's id in the query once a file is sent. */
export const usersImportPaths = {
  page: '/users/import',
  of: (id: string) => `/users/import?id=${encodeURIComponent(id)}`,
  users: '/users',
};
