/**
 * Passwords long enough to pass the length rule but found at the top of every leaked-password list
 * (and a few a food-truck vendor would reach for). Compared lower-cased.
 */
const COMMON = [
  '1234567890', '0123456789', '0987654321', '1234567891', '12345678910', '123456789a', '123456789q',
  '1111111111', '0000000000', '1122334455', '1212121212', '1231231234', '123123123123', '123456123456',
  '123456789012', '1234512345', '1234554321', '1029384756', '9876543210', '5555555555', '7777777777',
  'qwertyuiop', 'qwertyuiop1', 'qwerty1234', 'qwerty12345', 'qwerty123456', 'qwertyuiop123', 'asdfghjkl1',
  'asdfghjkl;', 'asdfghjkl123', 'zxcvbnm123', 'zxcvbnm1234', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4t5',
  'q1w2e3r4t5y6', '1qaz2wsx3edc', 'zaq12wsxcde3', '1qazxsw23edc', 'qazwsxedcrfv', 'aaaaaaaaaa', 'abcdefghij',
  'abc1234567', 'abcd123456', 'abcdef123456', 'a123456789', 'aa12345678', 'password12', 'password123',
  'password1234', 'password12345', 'password1!', 'password!1', 'passw0rd123', 'p@ssw0rd123', 'p@ssword123',
  'mypassword', 'mypassword1', 'newpassword', 'newpassword1', 'passwordpassword', 'changeme123', 'changeme1234',
  'letmein123', 'letmein1234', 'welcome123', 'welcome1234', 'welcome2024', 'welcome2025', 'welcome2026',
  'iloveyou12', 'iloveyou123', 'iloveyou1234', 'sunshine123', 'football123', 'baseball123', 'basketball',
  'basketball1', 'superman123', 'batman12345', 'princess123', 'princess12', 'dragon1234', 'monkey1234',
  'starwars123', 'pokemon123', 'computer123', 'internet123', 'trustno1234', 'whatever123', 'administrator',
  'admin12345', 'admin123456', 'administrator1', 'adminadmin', 'rootroot12', 'master1234', 'michael123',
  'jennifer123', 'charlie123', 'liverpool1', 'chelsea123', 'barcelona1', 'realmadrid', 'manchester',
  'manchester1', 'blink18218', 'lovelove12', 'secret1234', 'freedom123', 'hello12345', 'helloworld',
  'helloworld1', 'thisismypassword', 'qwerasdfzxcv', 'test123456', 'testtest12', 'testing123', 'default123',
  'foodtruck1', 'foodtruck12', 'foodtruck123', 'foodtruck2024', 'foodtruck2025', 'truckdesk1', 'truckdesk123',
  'truckdesk2025', 'burger1234', 'pizza12345', 'shawarma123', 'falafel123', 'kuwait1234', 'riyadh1234',
  'dubai12345', 'allahakbar', 'bismillah1', 'bismillah123', 'ramadan123', 'habibi1234',
];

const COMMON_SET = new Set(COMMON);

/** True for a password from the list above, or one character repeated. */
export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  return COMMON_SET.has(lowered) || /^(.)\1*$/u.test(lowered);
}
