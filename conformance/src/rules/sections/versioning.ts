// "Versioning".
import type { Rule } from '../../model';
import { inSection } from '../define';

const v = inSection('Versioning');

export const VERSION_RULES: readonly Rule[] = [
  v.blackBox('VERSION-1', 'The API is version 1; the path prefix is `/api/public/v1`.'),
  v.notObservable(
    'VERSION-2',
    'The description version is 1.0.0.',
    'The spec names no route that serves the API description.',
  ),
  v.blackBox(
    'VERSION-3',
    'Error `code` values are stable; `error` messages may change.',
    "Stability across releases cannot be seen in one run against one deployment; what one run sees is that every error answer's `code` is one the Errors table gives for its status, never a code of the deployment's own.",
  ),
  v.blackBox(
    'VERSION-4',
    'A removed route answers `410 ENDPOINT_DEPRECATED` and names its successor in the message and in the `Link` header.',
  ),
  v.notShown(
    'VERSION-5',
    'Deprecation and sunset schedule, and how a later major version will be introduced: not shown.',
  ),
];
