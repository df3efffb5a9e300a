/** The success envelope of the catalogue. */
export function ok<T>(data: T, message = '') {
  return { isSuccess: true, success: true, message, data };
}
