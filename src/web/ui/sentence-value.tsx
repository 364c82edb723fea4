/**
 * A catalogue sentence around one value that keeps its own direction and is never machine-translated
 * (a time zone, a name): the sentence is translated with VALUE_SLOT standing in for the value, which
 * then goes in a <bdi translate="no">. What react-i18next's Trans does for one value, without the
 * HTML parser it brings (3.4 KiB on the screen's first load, decision 015).
 */
import { Fragment, type ReactNode } from 'react';

/** A private-use character: no catalogue sentence contains it. */
export const VALUE_SLOT = '\uE000';

export function sentenceWithValue(sentence: string, value: string): ReactNode {
  const parts = sentence.split(VALUE_SLOT);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <bdi translate="no">{value}</bdi>}
    </Fragment>
  ));
}
