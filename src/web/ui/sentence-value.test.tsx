import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentenceWithValue, VALUE_SLOT } from './sentence-value';

describe('sentenceWithValue', () => {
  it('sets the value apart in its own direction, untranslated, where the sentence puts it', () => {
    const { container } = render(<p>{sentenceWithValue(`الأوقات حسب توقيت العربة (${VALUE_SLOT}).`, 'Asia/Kuwait')}</p>);
    expect(container.innerHTML).toBe('<p>الأوقات حسب توقيت العربة (<bdi translate="no">Asia/Kuwait</bdi>).</p>');
  });

  it('leaves a sentence without the slot as it is', () => {
    const { container } = render(<p>{sentenceWithValue('No zone here.', 'Asia/Kuwait')}</p>);
    expect(container.innerHTML).toBe('<p>No zone here.</p>');
  });
});
