// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposePreviews, PostPreview, type PreviewPost } from './post-preview';

afterEach(cleanup);

const post = (change: Partial<PreviewPost> = {}): PreviewPost => ({
  text: '',
  media: [],
  author: 'Sandy Box',
  ...change,
});
const card = (platform: string) => screen.getByRole('article', { name: `Preview on ${platform}` });
const textOf = (platform: string) => within(card(platform)).getByTestId('preview-text').textContent;
const titleOf = (platform: string) =>
  within(card(platform)).getByTestId('preview-title').textContent;
/** n words of `size` letters each (word 0 is "aaa…", word 1 "bbb…"), joined by spaces. */
const words = (n: number, size: number) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(size));

describe('a post as each feed shows it', () => {
  it('LinkedIn: three wrapped lines of about 70 characters, then …more', () => {
    // Words of 19 letters: three fit a 70-character line (59 characters), a fourth does not.
    const all = words(12, 19);
    render(<PostPreview channel="linkedin" post={post({ text: all.join(' ') })} />);
    expect(textOf('LinkedIn')).toBe(`${all.slice(0, 9).join(' ')} …more`);
    expect(within(card('LinkedIn')).getByText('Sandy Box')).toBeTruthy();
    expect(within(card('LinkedIn')).getByText('SB')).toBeTruthy();
  });

  it('LinkedIn: a blank third line cuts after two, and a short post has no …more', () => {
    render(
      <PostPreview channel="linkedin" post={post({ text: 'The hook\nThe promise\n\nThe rest' })} />,
    );
    expect(textOf('LinkedIn')).toBe('The hook\nThe promise …more');
    cleanup();
    render(<PostPreview channel="linkedin" post={post({ text: 'One\nTwo\nThree' })} />);
    expect(textOf('LinkedIn')).toBe('One\nTwo\nThree');
  });

  it('X: a long post shows its first 280 weighted characters, then Show more', () => {
    render(<PostPreview channel="x" post={post({ text: `${'a'.repeat(276)} 👋 and the rest` })} />);
    // 276 + a space + the emoji's 2 = 279: the space before "and" would be the 280th, dropped at the cut.
    expect(textOf('X')).toBe(`${'a'.repeat(276)} 👋 Show more`);
    cleanup();
    render(<PostPreview channel="x" post={post({ text: 'a'.repeat(300) })} />);
    expect(textOf('X')).toBe(`${'a'.repeat(280)} Show more`);
    cleanup();
    render(
      <PostPreview channel="x" post={post({ text: 'Short and whole\nover lines\nand lines' })} />,
    );
    expect(textOf('X')).toBe('Short and whole\nover lines\nand lines');
  });

  it('Reddit: the title whole, the subreddit and flair, the body faded after three lines', () => {
    const body = ['one', 'two', 'three', 'four'].join('\n');
    render(
      <PostPreview
        channel="reddit"
        post={post({
          title: 'What I learned cutting one video for four channels',
          subreddit: 'MuseSandbox',
          flair: 'Discussion',
          text: body,
        })}
      />,
    );
    expect(titleOf('Reddit')).toBe('What I learned cutting one video for four channels');
    expect(within(card('Reddit')).getByText('r/MuseSandbox')).toBeTruthy();
    expect(within(card('Reddit')).getByText('Discussion')).toBeTruthy();
    expect(textOf('Reddit')).toBe('one\ntwo\nthree…');
  });

  it('YouTube: the title cut after two lines of 50 with an ellipsis, the description after three lines', () => {
    // Words of 9 letters: five fit a 50-character line (49 characters).
    const title = words(12, 9);
    render(
      <PostPreview
        channel="youtube"
        post={post({
          title: title.join(' '),
          text: 'Line 1\nLine 2\nLine 3\nLine 4',
          author: 'Muse Channel',
        })}
      />,
    );
    expect(titleOf('YouTube')).toBe(`${title.slice(0, 10).join(' ')}…`);
    expect(textOf('YouTube')).toBe('Line 1\nLine 2\nLine 3 ...more');
    expect(within(card('YouTube')).getByText('The video shows here')).toBeTruthy();
  });

  it('crops the media to the feed’s box and counts the rest', () => {
    const image = (id: string) => ({
      id,
      type: 'image' as const,
      url: `https://files.test/${id}.png`,
      thumbnailUrl: null,
      title: `Picture ${id}`,
    });
    render(
      <PostPreview
        channel="linkedin"
        post={post({ text: 'With pictures', media: [image('1'), image('2'), image('3')] })}
      />,
    );
    const box = within(card('LinkedIn')).getByTestId('preview-media');
    expect(box.style.aspectRatio).toBe('1.91 / 1');
    const img = within(box).getByRole('img', { name: 'Picture 1' });
    expect(img.getAttribute('src')).toBe('https://files.test/1.png');
    expect(img.className).toContain('object-cover');
    expect(within(box).getByText('+2')).toBeTruthy();
    cleanup();
    render(<PostPreview channel="x" post={post({ text: 'One', media: [image('1')] })} />);
    expect(within(card('X')).getByTestId('preview-media').style.aspectRatio).toBe('16 / 9');
  });

  it('unfurls the first link when the post has no media, coloured in the text', () => {
    render(
      <PostPreview channel="x" post={post({ text: 'Read https://www.example.com/post today' })} />,
    );
    const link = within(card('X')).getByTestId('preview-link');
    expect(within(link).getByText('example.com')).toBeTruthy();
    expect(
      within(within(card('X')).getByTestId('preview-text')).getByText(
        'https://www.example.com/post',
      ).className,
    ).toContain('text-primary');
  });
});

describe('the previews beside the composer', () => {
  it('shows one channel at a time and switches with its buttons', () => {
    const onSelect = vi.fn();
    render(
      <ComposePreviews
        channels={['x', 'reddit']}
        current="x"
        onSelect={onSelect}
        postOf={() => post({ text: 'Hello' })}
      />,
    );
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Preview on X',
    ]);
    expect(screen.getByRole('button', { name: 'X' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reddit' }));
    expect(onSelect).toHaveBeenCalledWith('reddit');
  });
});
